import { afterEach, describe, expect, it } from 'vitest';
import { http } from '@renderer/http/client';
import { fakeAdapter } from '@renderer/test/fakeAdapter';
import { printReport } from './printReport';

afterEach(() => http.setAdapter(undefined));

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('printReport', () => {
  it('answers the PDF under the name the server gives, without saving it', async () => {
    const adapter = fakeAdapter(() => ({
      data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      headers: { 'content-type': 'application/pdf', 'content-disposition': "inline; filename*=UTF-8''%E8%B4%A8%E9%87%8F%E8%AF%81%E6%98%8E%E4%B9%A6.pdf" },
    }));
    http.setAdapter(adapter);
    const doc = await printReport('QUALITY_CERTIFICATE', { orderId: 41 }, '质量证明书 CK1');
    expect(doc).toMatchObject({ title: '质量证明书 CK1', fileName: '质量证明书.pdf', message: null });
    expect(adapter.calls[0]).toMatchObject({ url: '/report/printReprot', responseType: 'blob' });
    expect(JSON.parse(adapter.calls[0]!.data as string)).toEqual({ reportKey: 'QUALITY_CERTIFICATE', orderId: 41 });
  });

  it('answers the .docx with the server\'s reason where no PDF could be made', async () => {
    http.setAdapter(fakeAdapter(() => ({
      data: new Blob(['PK'], { type: DOCX }),
      headers: { 'content-type': DOCX, 'content-disposition': 'attachment; filename="list.docx"', 'x-document-message': encodeURIComponent('服务器未安装 LibreOffice，未生成 PDF') },
    })));
    const doc = await printReport('ACCOMPANYING_LIST', { orderId: 41 }, '发货清单 CK1');
    expect(doc).toMatchObject({ fileName: 'list.docx', message: '服务器未安装 LibreOffice，未生成 PDF' });
  });
});
