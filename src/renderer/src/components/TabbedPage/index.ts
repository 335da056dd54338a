export { TabbedPage, type PageTab } from './TabbedPage';
