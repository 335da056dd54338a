export { AppDrawer, DEFAULT_DRAWER_WIDTH, type AppDrawerProps } from './AppDrawer';
