import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { OneOf } from './schema';

/**
 * The home dashboard (首页, SPEC section 7 "Dashboard", issue 21 item 1). Each call feeds one card; each
 * needs home:view and the key of the screen whose data the card shows (the route's own key).
 */
export const DASHBOARD_PERIODS = ['today', '7d', '30d', '12m'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const PeriodQuery = Type.Object({ period: OneOf('统计周期（today、7d、30d 或 12m）', DASHBOARD_PERIODS) });
export type PeriodQuery = Static<typeof PeriodQuery>;

const Name = Type.Union([Type.String(), Type.Null()]);
/** Day buckets ('YYYY-MM-DD') for today…30d, month buckets ('YYYY-MM') for 12m, oldest first. */
const Buckets = Type.Array(Type.String());

/** totalOutput: fills per bucket and gas; `values[i]` belongs to `buckets[i]`. */
export const FillsByDay = Type.Object({
  buckets: Buckets,
  series: Type.Array(Type.Object({ materialId: Type.Integer(), materialName: Name, values: Type.Array(Type.Integer()) })),
  total: Type.Integer(),
});
export type FillsByDay = Static<typeof FillsByDay>;

/** specTypeCount: fills by gas and specification over the period, and the kilograms filled (gases filled by weight). */
export const OutputBySpec = Type.Object({
  rows: Type.Array(Type.Object({
    materialId: Type.Integer(), materialName: Name, specification: Type.String(), fills: Type.Integer(),
    /** Kilograms filled; null for a gas filled by pressure. */
    kg: Type.Union([Type.Number(), Type.Null()]),
  })),
});
export type OutputBySpec = Static<typeof OutputBySpec>;

/** storageOutput: cylinders now in each warehouse, by status. */
export const StockByWarehouse = Type.Object({
  rows: Type.Array(Type.Object({ warehouseId: Type.Integer(), warehouseName: Name, status: Type.Integer(), count: Type.Integer() })),
});
export type StockByWarehouse = Static<typeof StockByWarehouse>;

/** getCustomerCount: cylinders at customers, how many are out longer than the rule's days, the largest holders. */
export const AtCustomers = Type.Object({
  total: Type.Integer(),
  longOut: Type.Integer(),
  longOutDays: Type.Integer(),
  top: Type.Array(Type.Object({ customerId: Type.Integer(), customerName: Name, count: Type.Integer() })),
});
export type AtCustomers = Static<typeof AtCustomers>;

/** canUserOutput: the statuses now and what needs attention today. */
export const StatusesNow = Type.Object({
  statuses: Type.Array(Type.Object({ status: Type.Integer(), count: Type.Integer() })),
  /**
   * Due for periodic inspection within `dueDays` (overdue ones included, as the due list /product/detect shows
   * them), of which overdue; waiting for analysis (status 1); open outbound orders.
   */
  attention: Type.Object({
    due: Type.Integer(), overdue: Type.Integer(), analyze: Type.Integer(), openOutbound: Type.Integer(), dueDays: Type.Integer(),
  }),
});
export type StatusesNow = Static<typeof StatusesNow>;

/** passRateOutput: post-fill inspection and re-weighing, passed and failed per bucket, over the period. */
export const PassRates = Type.Object({
  buckets: Buckets,
  points: Type.Array(Type.Object({
    testPass: Type.Integer(), testFail: Type.Integer(), reweighPass: Type.Integer(), reweighFail: Type.Integer(),
  })),
  /** Percentages over the whole period (null when nothing was inspected / re-weighed). */
  testRate: Type.Union([Type.Number(), Type.Null()]),
  reweighRate: Type.Union([Type.Number(), Type.Null()]),
});
export type PassRates = Static<typeof PassRates>;

const get = <const P extends string>(path: P) => `/api/homePage/${path}` as const;

/** SPEC section 7 "Dashboard": GET /api/homePage/…; screen /main/home. */
export const DASHBOARD = {
  totalOutput: endpoint({
    method: 'GET', path: get('totalOutput'), summary: '首页：各介质每日（月）充装数', permission: 'produce:view', alsoRequires: 'home:view',
    query: PeriodQuery, data: FillsByDay,
  }),
  specTypeCount: endpoint({
    method: 'GET', path: get('specTypeCount'), summary: '首页：按介质与规格的产量', permission: 'produce:view', alsoRequires: 'home:view',
    query: PeriodQuery, data: OutputBySpec,
  }),
  storageOutput: endpoint({
    method: 'GET', path: get('storageOutput'), summary: '首页：各仓库按状态的库存', permission: 'stock:view', alsoRequires: 'home:view',
    data: StockByWarehouse,
  }),
  getCustomerCount: endpoint({
    method: 'GET', path: get('getCustomerCount'), summary: '首页：客户处的气瓶与长期在外数', permission: 'stock:view', alsoRequires: 'home:view',
    data: AtCustomers,
  }),
  canUserOutput: endpoint({
    method: 'GET', path: get('canUserOutput'), summary: '首页：气瓶状态与今日待办', permission: 'product:view', alsoRequires: 'home:view',
    data: StatusesNow,
  }),
  passRateOutput: endpoint({
    method: 'GET', path: get('passRateOutput'), summary: '首页：检验与复秤合格率', permission: 'qualityFactory:view', alsoRequires: 'home:view',
    query: PeriodQuery, data: PassRates,
  }),
};
