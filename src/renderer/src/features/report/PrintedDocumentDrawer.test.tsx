import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { render as rtlRender, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addMessages } from '@renderer/i18n/dictionaries';
import { makeStore } from '@renderer/store';
import { reportMessages } from './messages';
import { PrintedDocumentDrawer } from './PrintedDocumentDrawer';

addMessages(reportMessages);
const render = (ui: ReactElement) => rtlRender(<Provider store={makeStore()}>{ui}</Provider>);

let saved: { href: string; download: string }[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:test/doc');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());

const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
const docx = new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });

describe('the printed document drawer', () => {
  it('is 1174 px wide, titled from the document, showing the PDF with 打印 and 下载 PDF', async () => {
    render(<PrintedDocumentDrawer open doc={{ title: '质量证明书 CK001', file: pdf, fileName: '质量证明书_CK001.pdf' }} onClose={() => {}} />);
    const drawer = screen.getByRole('dialog', { name: '质量证明书 CK001' });
    expect(drawer).toHaveStyle({ width: '1174px' });
    expect(within(drawer).getByTitle('质量证明书 CK001')).toHaveAttribute('src', 'blob:test/doc');
    // The blob URL is typed PDF by us, whatever the answer said.
    expect((vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob).type).toBe('application/pdf');
    expect(within(drawer).getByRole('button', { name: '打印' })).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: '下载 PDF' }));
    expect(saved).toEqual([{ href: 'blob:test/doc', download: '质量证明书_CK001.pdf' }]);
  });

  it('is titled 预览 without a title, and shows a spinner while the document is made', () => {
    render(<PrintedDocumentDrawer open doc={null} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: '预览' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '正在生成…' })).toBeInTheDocument();
  });

  it('shows the server\'s reason there is no PDF and offers the Word document instead', async () => {
    const message = '服务器未安装 LibreOffice，无法转换为 PDF';
    render(<PrintedDocumentDrawer open doc={{ title: '发货清单 CK001', file: docx, fileName: '发货清单_CK001.docx', message }} onClose={() => {}} />);
    expect(screen.getByTestId('no-pdf')).toHaveTextContent(message);
    expect(screen.queryByTitle('发货清单 CK001')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '打印' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '下载 Word 文档' }));
    expect(saved).toEqual([{ href: 'blob:test/doc', download: '发货清单_CK001.docx' }]);
  });
});
