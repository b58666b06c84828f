// Owns the adapters between Mantine's Anchor/Button and the router's typed links, so every feature links the same way.
// Mantine components are polymorphic, which createLink cannot see through; a plain <a> wrapper gives it real props.
import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core'
import { type LinkComponent, createLink } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, Ref } from 'react'

type AnchorElementProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & { ref?: Ref<HTMLAnchorElement> }

function MantineAnchor(props: AnchorProps & AnchorElementProps) {
  return <Anchor component="a" {...props} />
}

function MantineButtonAnchor(props: ButtonProps & AnchorElementProps) {
  return <Button component="a" {...props} />
}

const RoutedAnchor = createLink(MantineAnchor)
const RoutedButton = createLink(MantineButtonAnchor)

export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <RoutedAnchor preload="intent" {...props} />
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => <RoutedButton preload="intent" {...props} />
