import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { http } from '@renderer/http/client';
import { fakeAdapter } from '@renderer/test/fakeAdapter';
import { DocumentPreview } from './DocumentPreview';

let adapter: ReturnType<typeof fakeAdapter>;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:test/doc');
  URL.revokeObjectURL = vi.fn();
  adapter = fakeAdapter(() => ({ data: new Blob(['x'], { type: 'image/png' }) }));
  http.setAdapter(adapter);
});
afterEach(() => http.setAdapter(undefined));

const paper = () => screen.getByRole('dialog');

describe('DocumentPreview', () => {
  it('is a 1174 px drawer titled from the document title', () => {
    render(<DocumentPreview open title="质量证明书" file={{ name: 'a.docx', path: 'p/a.docx' }} onClose={() => {}} />);
    expect(paper()).toHaveStyle({ width: '1174px' });
    expect(screen.getByRole('heading', { name: '质量证明书' })).toBeInTheDocument();
  });

  it('is titled 预览 without a title', () => {
    render(<DocumentPreview open file={null} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: '预览' })).toBeInTheDocument();
  });

  it('shows a picture and a PDF inline', async () => {
    const { rerender } = render(<DocumentPreview open file={{ name: '铭牌.PNG', path: 'p/a.png' }} onClose={() => {}} />);
    expect(await screen.findByRole('img', { name: '铭牌.PNG' })).toHaveAttribute('src', 'blob:test/doc');
    rerender(<DocumentPreview open file={{ name: '报告.pdf', path: 'p/b.pdf' }} onClose={() => {}} />);
    expect(await screen.findByTitle('报告.pdf')).toHaveAttribute('src', 'blob:test/doc');
    // The PDF blob is typed by us, whatever the server answered.
    const blob = vi.mocked(URL.createObjectURL).mock.lastCall![0] as Blob;
    expect(blob.type).toBe('application/pdf');
  });

  it('says 暂不支持该类型文件预览 for other types and closes on the close button', () => {
    const onClose = vi.fn();
    render(<DocumentPreview open file={{ name: '台账.xlsx', path: 'p/c.xlsx' }} onClose={onClose} />);
    expect(screen.getByText('暂不支持该类型文件预览')).toBeInTheDocument();
    expect(adapter.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalled();
  });
});
