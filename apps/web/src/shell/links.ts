/** Public pages of the publisher; placeholders until the real addresses are configured. */
const SITE = 'https://www.example-games.com';

export const GAME_SITE_URL = SITE;
export const SUPPORT_URL = 'https://support.example-games.com';

export const FOOTER_LINKS = [
  { label: 'Contact Us', href: `${SITE}/contact-us` },
  { label: 'Recruitment', href: `${SITE}/recruitment` },
  { label: 'Privacy Policy', href: `${SITE}/privacy-policy` },
  { label: 'Terms of Service', href: `${SITE}/terms-of-service` },
  { label: 'AML/CTF Policy', href: `${SITE}/aml-ctf-policy` },
] as const;
