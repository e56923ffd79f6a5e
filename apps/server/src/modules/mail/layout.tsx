import { Body, Button, Container, Head, Html, Link, Preview, Text } from '@react-email/components';
import type { ReactNode } from 'react';

// Inline styles: mail clients ignore style sheets. Muse's pink (apps/web/src/styles.css) on a
// light page, which every client shows the same (docs/decisions/0033-html-mail.md).
const BRAND = '#db2777';
const page = {
  backgroundColor: '#f4f4f5',
  fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  margin: 0,
  padding: '24px 0',
};
const card = {
  backgroundColor: '#ffffff',
  borderRadius: '12px',
  maxWidth: '520px',
  padding: '32px',
};
const paragraph = { color: '#27272a', fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' };
const button = {
  backgroundColor: BRAND,
  borderRadius: '8px',
  color: '#ffffff',
  display: 'inline-block',
  fontSize: '15px',
  fontWeight: 600,
  padding: '12px 20px',
  textDecoration: 'none',
};
const small = { ...paragraph, color: '#71717a', fontSize: '13px', lineHeight: '20px' };

/**
 * The frame of every Muse mail: the summary a mail client shows beside the subject (`preview`,
 * left out of the plain-text part), the content, and the signature.
 */
export function MailLayout({ preview, children }: { preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          {children}
          <Text style={paragraph}>Muse</Text>
        </Container>
      </Body>
    </Html>
  );
}

export function MailParagraph({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

/**
 * The mail's one action: a button, and below it the address itself for clients that show no
 * buttons. The plain-text part reads 'label link' once: the address line is HTML only.
 */
export function MailAction({ href, label }: { href: string; label: string }) {
  return (
    <>
      <Text style={{ ...paragraph, margin: '24px 0' }}>
        <Button href={href} style={button}>
          {label}
        </Button>
      </Text>
      <Text style={small} data-skip-in-text>
        If the button does not work, open this address:{' '}
        <Link href={href} style={{ color: BRAND, wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Text>
    </>
  );
}
