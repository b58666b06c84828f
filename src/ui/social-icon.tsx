// Owns the icon for each recognised social platform (spec section 3), shared by the visitor page and the settings rows.
import type { TablerIcon } from '@tabler/icons-react'
import {
  IconBrandFacebook,
  IconBrandGithub,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandPinterest,
  IconBrandSpotify,
  IconBrandTelegram,
  IconBrandTwitch,
  IconBrandX,
  IconBrandYoutube,
  IconMail,
  IconPhone,
  IconWorld,
} from '@tabler/icons-react'
import type { SocialPlatform } from '../lib/social-platform.ts'

const ICONS: Record<SocialPlatform, TablerIcon> = {
  email: IconMail,
  phone: IconPhone,
  github: IconBrandGithub,
  linkedin: IconBrandLinkedin,
  instagram: IconBrandInstagram,
  twitter: IconBrandX,
  facebook: IconBrandFacebook,
  twitch: IconBrandTwitch,
  spotify: IconBrandSpotify,
  pinterest: IconBrandPinterest,
  telegram: IconBrandTelegram,
  youtube: IconBrandYoutube,
  website: IconWorld,
}

export function SocialIcon({ platform, size = 20 }: { platform: SocialPlatform; size?: number }) {
  const PlatformIcon = ICONS[platform]
  return <PlatformIcon size={size} stroke={1.6} aria-hidden />
}
