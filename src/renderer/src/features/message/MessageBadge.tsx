import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useNavigate } from 'react-router-dom';
import { useT } from '@renderer/i18n/useT';
import { useMessagePolling } from './useMessagePolling';

/** The top bar's bell: the unread count (polled), opening 消息中心. Absent for a user without message:view. */
export function MessageBadge() {
  const t = useT();
  const navigate = useNavigate();
  const { enabled, count } = useMessagePolling();
  if (!enabled) return null;
  const label = t('message.badge', { count });
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} data-testid="message-badge" onClick={() => void navigate('/main/message')}>
        <Badge badgeContent={count} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
