import RequestQuote from '@mui/icons-material/RequestQuote';
import Factory from '@mui/icons-material/Factory';
import Home from '@mui/icons-material/Home';
import Inventory from '@mui/icons-material/Inventory';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Notifications from '@mui/icons-material/Notifications';
import Settings from '@mui/icons-material/Settings';
import Verified from '@mui/icons-material/Verified';
import Warehouse from '@mui/icons-material/Warehouse';

/** The icons MENU_TREE names; unknown names get a neutral icon. */
const ICONS = { Factory, Home, Inventory, Notifications, RequestQuote, Settings, Verified, Warehouse };

export function MenuIcon({ name }: { name: string | null }) {
  const Icon = (name && ICONS[name as keyof typeof ICONS]) || MenuOpen;
  return <Icon fontSize="small" />;
}
