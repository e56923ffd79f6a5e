import '@fontsource-variable/inter';
import './styles.css';
import { afterFirstPaint } from './after-first-paint';

// The landing's HTML is complete before any script runs: its scripts are fetched once the page
// has painted, then hydrate it (docs/decisions/0034-prerendered-public-pages.md).
afterFirstPaint(() => void import('./landing-main'));
