import type { RoleMenuNode } from '@shared/api/user';

/** What the role form has checked: screens (leaf menus) and buttons. Group menus follow from them. */
export interface Grants {
  menus: ReadonlySet<string>;
  buttons: ReadonlySet<string>;
}

export type CheckState = 'all' | 'some' | 'none';

const isGroup = (node: RoleMenuNode) => node.children.length > 0;

/** The grants the server marked checked. */
export function initialGrants(nodes: RoleMenuNode[]): Grants {
  const menus = new Set<string>();
  const buttons = new Set<string>();
  const walk = (list: RoleMenuNode[]) => list.forEach((n) => {
    if (n.checked && !isGroup(n)) menus.add(n.menuNo);
    n.buttonList.forEach((b) => b.checked && buttons.add(b.buttonKey));
    walk(n.children);
  });
  walk(nodes);
  return { menus, buttons };
}

/** The checkable items under a group: its screens and every button, its own included. */
function itemsOf(node: RoleMenuNode): { menus: string[]; buttons: string[] } {
  const menus: string[] = [];
  const buttons: string[] = [];
  const walk = (n: RoleMenuNode) => {
    if (!isGroup(n)) menus.push(n.menuNo);
    buttons.push(...n.buttonList.map((b) => b.buttonKey));
    n.children.forEach(walk);
  };
  walk(node);
  return { menus, buttons };
}

/** A screen is checked or not; a group is checked when all under it is, indeterminate when some is. */
export function checkState(node: RoleMenuNode, g: Grants): CheckState {
  if (!isGroup(node)) return g.menus.has(node.menuNo) ? 'all' : 'none';
  const { menus, buttons } = itemsOf(node);
  const held = menus.filter((m) => g.menus.has(m)).length + buttons.filter((b) => g.buttons.has(b)).length;
  if (held === 0) return 'none';
  return held === menus.length + buttons.length ? 'all' : 'some';
}

/** A screen's `:view` key: the one that opens it. */
const viewKeyOf = (node: RoleMenuNode) => node.buttonList.find((b) => b.buttonKey.endsWith(':view'))?.buttonKey;

/**
 * Clicking a menu: a group toggles everything under it (all of it unless it was all checked); a screen
 * toggles itself with its 查看 key (a screen granted without it could not be opened), and unchecking it
 * clears its buttons (a button without its screen cannot be reached).
 */
export function toggleMenu(node: RoleMenuNode, g: Grants): Grants {
  const menus = new Set(g.menus);
  const buttons = new Set(g.buttons);
  if (isGroup(node)) {
    const on = checkState(node, g) !== 'all';
    const items = itemsOf(node);
    items.menus.forEach((m) => (on ? menus.add(m) : menus.delete(m)));
    items.buttons.forEach((b) => (on ? buttons.add(b) : buttons.delete(b)));
  } else if (menus.has(node.menuNo)) {
    menus.delete(node.menuNo);
    node.buttonList.forEach((b) => buttons.delete(b.buttonKey));
  } else {
    menus.add(node.menuNo);
    const view = viewKeyOf(node);
    if (view) buttons.add(view);
  }
  return { menus, buttons };
}

/** Clicking a button: checking it checks its screen too. */
export function toggleButton(node: RoleMenuNode, buttonKey: string, g: Grants): Grants {
  const menus = new Set(g.menus);
  const buttons = new Set(g.buttons);
  if (buttons.has(buttonKey)) {
    buttons.delete(buttonKey);
  } else {
    buttons.add(buttonKey);
    if (!isGroup(node)) menus.add(node.menuNo);
  }
  return { menus, buttons };
}

/** The save body's lists: checked screens and buttons, and every group with something checked under it. */
export function grantsBody(nodes: RoleMenuNode[], g: Grants): { menuNos: string[]; buttonKeys: string[] } {
  const menuNos: string[] = [];
  const buttonKeys: string[] = [];
  const walk = (list: RoleMenuNode[]) => list.forEach((n) => {
    if (isGroup(n) ? checkState(n, g) !== 'none' : g.menus.has(n.menuNo)) menuNos.push(n.menuNo);
    buttonKeys.push(...n.buttonList.filter((b) => g.buttons.has(b.buttonKey)).map((b) => b.buttonKey));
    walk(n.children);
  });
  walk(nodes);
  return { menuNos, buttonKeys };
}

/** What the server marked checked, as it is: the built-in role's tree is sent back unchanged. */
export function checkedBody(nodes: RoleMenuNode[]): { menuNos: string[]; buttonKeys: string[] } {
  const menuNos: string[] = [];
  const buttonKeys: string[] = [];
  const walk = (list: RoleMenuNode[]) => list.forEach((n) => {
    if (n.checked) menuNos.push(n.menuNo);
    buttonKeys.push(...n.buttonList.filter((b) => b.checked).map((b) => b.buttonKey));
    walk(n.children);
  });
  walk(nodes);
  return { menuNos, buttonKeys };
}
