import type { Whereabouts } from './place.sql';
import { statusLabel } from './status';

/** Where a cylinder is, in words, as a refused scan names it (a 回收 of a cylinder the records have in the plant). */
export function placeWords(where: Whereabouts, status: number): string {
  const s = statusLabel(status);
  switch (where.place) {
    case 'warehouse': return `在仓库「${where.warehouseName ?? ''}」（${s}）`;
    case 'order': return `已扫描到出库单 ${where.locationName ?? '—'}，尚未发出（${s}）；扫错的气瓶请在该出库单上移出`;
    case 'workshop': return `在充装车间（${s}）`;
    case 'returned': return `已回收，待空瓶入库（${s}）`;
    case 'customer': return `在客户${where.locationName ? `「${where.locationName}」` : ''}处（${s}）`;
    case 'scrapped': return `已报废（${s}）`;
    default: return `在厂内（${s}）`;
  }
}

export { whereabouts, type Whereabouts } from './place.sql';
