import { describe, expect, it } from 'vitest';
import type { LabelContent } from '../api/setting';
import { labelJobOf } from './job';
import { layoutLabel } from './layout';
import { sampleCylinderData } from './sample';

const template: LabelContent = {
  width: 60, height: 40, dpi: 300, direction: 1, lang: 'tspl',
  details: [
    { type: 'FONT', x: 2, y: 2, fontSize: 3, content: '{cylinder.gasName} {lastFill.lotNo|无批号}' },
    { type: 'FONT', x: 2, y: 6, fontSize: 3, content: '压力：{lastFill.pressure|—} MPa，复检 {lastInspection.items[0].name|无项目}' },
    { type: 'BARCODE', x: 2, y: 10, size: 8, content: '{cylinder.code}' },
    { type: 'QRCODE', x: 40, y: 10, size: 10, content: '{cylinder.qrUrl}' },
    { type: 'FONT', x: 2, y: 30, fontSize: 3, content: '{cylinder.unknown}{company.name|}' },
  ],
};

describe('a label job from a template and a cylinder', () => {
  it('keeps the template\'s size, dpi and direction, and takes the printer and copies from the station', () => {
    const job = labelJobOf(template, sampleCylinderData('http://srv:8080'), { printer: 'tcp://10.0.0.5:9100', copies: 2 });
    expect(job).toMatchObject({ printer: 'tcp://10.0.0.5:9100', printNum: 2, dpi: 300, direction: 1, width: 60, height: 40 });
    expect(labelJobOf(template, {}, { printer: 'p' }).printNum).toBe(1);
  });

  it('fills placeholders, the fallback where the cylinder has no value', () => {
    const data = sampleCylinderData('http://srv:8080/');
    const contents = layoutLabel(labelJobOf(template, data, { printer: 'p' })).items.map((i) => i.content);
    expect(contents).toEqual([
      '液化石油气 LOT20260101',
      '压力：— MPa，复检 无项目',
      'CP2024001',
      'http://srv:8080/q/CP2024001-sampleaaaaaaaaaa',
      '示例气体厂',
    ]);
    const bare = layoutLabel(labelJobOf(template, { ...data, lastFill: null }, { printer: 'p' })).items.map((i) => i.content);
    expect(bare[0]).toBe('液化石油气 无批号');
  });

  it('does not share the template\'s items with the job (a station may change one without touching the template)', () => {
    const job = labelJobOf(template, {}, { printer: 'p' });
    job.details[0]!.content = 'x';
    expect(template.details[0]!.content).not.toBe('x');
  });
});
