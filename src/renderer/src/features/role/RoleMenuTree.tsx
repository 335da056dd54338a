import { Box, Checkbox, FormControlLabel, Stack } from '@mui/material';
import type { RoleMenuNode } from '@shared/api/user';
import { useT } from '@renderer/i18n/useT';
import { checkState, toggleButton, toggleMenu, type Grants } from './roleTree';

export interface RoleMenuTreeProps {
  nodes: RoleMenuNode[];
  grants: Grants;
  onChange: (next: Grants) => void;
  /** Read-only (the built-in role). */
  disabled?: boolean;
}

/**
 * One checkbox tree of screens and their buttons: a screen's buttons sit on its row. Each button's
 * accessible name says its screen too, since many screens have a 查看.
 */
export function RoleMenuTree({ nodes, grants, onChange, disabled }: RoleMenuTreeProps) {
  const t = useT();
  const renderNode = (node: RoleMenuNode, depth: number) => {
    const state = checkState(node, grants);
    const label = node.hidden ? `${node.menuName}${t('role.hiddenMenu')}` : node.menuName;
    return (
      <Box key={node.menuNo} role="group" aria-label={node.menuName}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', pl: depth * 3 }}>
          <FormControlLabel
            sx={{ minWidth: 160, mr: 1 }}
            label={label}
            disabled={disabled}
            control={<Checkbox size="small" checked={state === 'all'} indeterminate={state === 'some'} onChange={() => onChange(toggleMenu(node, grants))} />}
          />
          {node.buttonList.map((b) => (
            <FormControlLabel
              key={b.buttonKey}
              label={b.buttonName}
              disabled={disabled}
              slotProps={{ typography: { variant: 'body2', color: 'text.secondary' } }}
              control={(
                <Checkbox size="small" checked={grants.buttons.has(b.buttonKey)} onChange={() => onChange(toggleButton(node, b.buttonKey, grants))}
                  slotProps={{ input: { 'aria-label': `${node.menuName} ${b.buttonName}` } }} />
              )}
            />
          ))}
        </Stack>
        {node.children.map((c) => renderNode(c, depth + 1))}
      </Box>
    );
  };
  return <Box>{nodes.map((n) => renderNode(n, 0))}</Box>;
}
