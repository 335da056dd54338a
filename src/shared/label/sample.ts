import type { CylinderSourceData } from '../dataSources';

/**
 * A made-up cylinder for the designer's canvas and 测试打印 when no real one is chosen: every field of the
 * CYLINDER source filled, so a placeholder shows what it will print. The QR address is the server's own page
 * address form with a signature that opens nothing.
 */
export function sampleCylinderData(origin: string, printedAt = '2026-01-01 08:00:00'): CylinderSourceData {
  return {
    cylinder: {
      code: 'CP2024001', steelStamp: 'GY2024001', gasName: '液化石油气', gasCode: 'LPG', specification: 'YSP-15', waterVolume: 35.5,
      tareWeight: 15.2, workingPressure: 2.1, manufacturer: '示例钢瓶厂', manufactureDate: '2024-03-01', lastInspectionDate: '2024-03-01',
      nextInspectionDate: '2028-03-01', designLifeUntil: '2032-03-01', statusName: '已充装', ownerName: '示例气体厂',
      qrUrl: `${origin.replace(/\/+$/, '')}/q/CP2024001-sampleaaaaaaaaaa`,
    },
    lastFill: { at: '2026-01-01 07:55:00', lotNo: 'LOT20260101', weight: 14.5, pressure: null, operator: '张三', workstation: '充装1号' },
    lastInspection: { at: '2026-01-01 07:58:00', resultName: '合格', operator: '李四', items: [] },
    lastWeigh: { at: '2026-01-01 07:59:00', gross: 29.7, net: 14.5, deviation: 0, resultName: '合格', operator: '王五' },
    company: {
      name: '示例气体厂', creditCode: '91110000000000000X', licenceNo: 'TS-2024-001', licenceExpiry: '2028-12-31', address: '示例市示例路1号',
      phone: '010-00000000', logo: null,
    },
    printedAt,
  };
}
