// Owns the one inline script of the visitor's document (profile.html): the stored colour scheme put on <html> before
// the first paint, as public/boot.js does for the owner app, without a request in front of that paint. The CSP allows
// exactly this text by its hash (server/http/security-headers.ts), never inline scripts in general (decision 188).
// Plain text, not code of this bundle: it must equal what profile.html carries byte for byte
// (server/http/security-headers.test.ts).
export const THEME_BEFORE_PAINT =
  "try{var c=localStorage.getItem('vite-ui-theme');document.documentElement.setAttribute('data-mantine-color-scheme',c==='dark'||(c==='system'&&matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light')}catch(e){}"
