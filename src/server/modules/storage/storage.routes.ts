import type { FastifyPluginAsync } from 'fastify';
import { STORAGE } from '@shared/api/storage';
import { route } from '../../lib/endpoint';
import { configCipher } from '../../lib/field-cipher';
import type { SheetColumn } from '../../lib/xlsx/columns';
import { sendXlsxRows } from '../../lib/xlsx/write';
import { actorOf, permissionsOf } from '../../lib/access';
import { storageTrace } from '../cylinder';
import { loadRules } from '../systemRule';
import { inStock } from './inbound.service';
import { deleteOrder } from './orders';
import * as out from './outbound.service';
import { scanHandel } from './recovery.service';
import { ckInfo, infoByBarCode } from './scan-info.service';
import * as q from './storage.queries';

const HOLDING_COLUMNS: SheetColumn[] = [
  { header: '气瓶编码', key: 'code', width: 18 }, { header: '介质', key: 'materialName', width: 12 }, { header: '规格', key: 'specification', width: 10 },
  { header: '客户', key: 'customerName', width: 24 }, { header: '出库时间', key: 'since', width: 20 }, { header: '在外天数', key: 'days', width: 10 },
];

/** Storage orders (SPEC 7 "Storage orders") and the stock query; screens /storage/inbound, /storage/outbound, /storage/query. */
export const storageRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const cipher = configCipher(app.config);
  route(app, STORAGE.inStockListPage, async (r) => q.orderPage(db, 'in', r.body));
  route(app, STORAGE.inStock, async (r) => inStock(db, r.body, actorOf(r)));
  route(app, STORAGE.getInfoByBarCode, async (r) => infoByBarCode(db, r.body));
  route(app, STORAGE.getProductList, async (r) => q.orderItems(db, r.body));
  route(app, STORAGE.deleteById, async (r) => { await deleteOrder(db, permissionsOf(r), r.params.id); return null; });

  route(app, STORAGE.outStock, async (r) => out.outStock(db, cipher, r.body, actorOf(r)));
  route(app, STORAGE.outStockListPage, async (r) => q.orderPage(db, 'out', r.body));
  route(app, STORAGE.scanOutStock, async (r) => out.scanOutStock(db, r.body, actorOf(r)));
  route(app, STORAGE.cancel, async (r) => out.cancelOutOrder(db, r.body, actorOf(r)));
  route(app, STORAGE.removeOutStock, async (r) => out.removeOutStock(db, r.body, actorOf(r)));
  route(app, STORAGE.getCkInfoByCode, async (r) => ckInfo(db, r.body.code, r.body.orderId));
  route(app, STORAGE.getOutOrderInfo, async (r) => q.outOrderInfo(db, r.body.id));
  route(app, STORAGE.getOrderDetailList, async (r) => q.orderDetail(db, r.params.id));
  route(app, STORAGE.savePrintInfo, async (r) => { await out.savePrintInfo(db, r.body, actorOf(r)); return null; });
  route(app, STORAGE.saveSignInfo, async (r) => { await out.saveSignInfo(db, r.body, actorOf(r)); return null; });
  route(app, STORAGE.getSignInfo, async (r) => out.signInfo(db, r.params.id));
  route(app, STORAGE.getMaterialTest, async (r) => q.materialTest(db, r.body.id));
  route(app, STORAGE.selectTracePage, async (r) => storageTrace(db, r.body));

  route(app, STORAGE.scanHandel, async (r) => scanHandel(db, r.body, actorOf(r)));
  route(app, STORAGE.recoveryList, async (r) => q.recoveries(db, r.body));

  route(app, STORAGE.stock, async (r) => q.stock(db, r.body));
  // Out longer than the system rule's days counts as overdue, unless the caller asks for other days.
  route(app, STORAGE.customerHoldings, async (r) => q.customerHoldings(db, r.body, (await loadRules(db, app.config)).longOutDays));
  route(app, STORAGE.holdings, async (r) => q.holdings(db, r.body));
  route(app, STORAGE.exportHoldings, async (r, reply) =>
    sendXlsxRows(reply, '客户持瓶明细.xlsx', '客户持瓶', HOLDING_COLUMNS, await q.holdingsForExport(db, r.body)));
};
