import '@fontsource-variable/inter';
import './styles.css';
import { afterFirstPaint } from './after-first-paint';

// An influencer's public page arrives rendered by the server, posts and all: its scripts are
// fetched once the page has painted, then hydrate it (docs/decisions/0058-public-page-for-fans.md).
afterFirstPaint(() => void import('./public-page-main'));
