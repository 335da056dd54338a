import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from '@renderer/http/client';
import { getToasts } from '@renderer/notify/toast';
import { fakeAdapter, ok, type FakeHandler } from '@renderer/test/fakeAdapter';
import { Upload, type UploadProps } from './Upload';
import type { Attachment } from './attachment';

const MB = 1024 * 1024;
let adapter: ReturnType<typeof fakeAdapter>;
function answer(handler: FakeHandler) {
  adapter = fakeAdapter(handler);
  http.setAdapter(adapter);
}
beforeEach(() => answer((c) => ok({ path: '2026/01/01/aa.pdf', name: (c.data as FormData).get('file') instanceof File ? ((c.data as FormData).get('file') as File).name : '?', size: 3, url: '/u' })));
afterEach(() => http.setAdapter(undefined));

const file = (name: string, size = 3, type = 'application/pdf') => new File([new Uint8Array(size)], name, { type });
const pick = (...files: File[]) => fireEvent.change(screen.getByTestId('upload-input'), { target: { files } });
const done = (name: string): Attachment => ({ uid: name, path: `p/${name}`, url: '/u', name, status: 'done', fileType: 'Pdf' });

function Harness(props: UploadProps & { spy?: (v: Attachment[]) => void }) {
  const [value, setValue] = useState<Attachment[]>(props.value ?? []);
  return <Upload {...props} value={value} onChange={(v) => (setValue(v), props.spy?.(v))} />;
}

describe('Upload', () => {
  it('defaults to one file of at most 10M and says so', () => {
    render(<Upload />);
    expect(screen.getByText('最多可上传1个附件，单个不超过10M')).toBeInTheDocument();
    expect(screen.getByTestId('upload-input')).not.toHaveAttribute('multiple');
  });

  it('states a custom limit and size in the hint and allows picking several', () => {
    render(<Upload limit={3} maxSizeMB={5} />);
    expect(screen.getByText('最多可上传3个附件，单个不超过5M')).toBeInTheDocument();
    expect(screen.getByTestId('upload-input')).toHaveAttribute('multiple');
  });

  it('warns with the limit, this pick and the total when too many files are chosen, and uploads none', () => {
    render(<Harness limit={2} value={[done('a.pdf')]} />);
    pick(file('b.pdf'), file('c.pdf'));
    expect(getToasts().map((t) => t.message)).toEqual(['当前限制选择 2 个文件，本次选择了 2 个文件，共选择了 3 个文件']);
    expect(getToasts()[0]!.severity).toBe('warning');
    expect(adapter.calls).toHaveLength(0);
    expect(screen.getAllByTestId('upload-item')).toHaveLength(1);
  });

  it('refuses a file over the single-file size and uploads nothing', () => {
    render(<Harness limit={2} />);
    pick(file('big.pdf', 10 * MB + 1));
    expect(getToasts()[0]!.message).toBe('big.pdf 超过单个文件大小限制（10M）');
    expect(adapter.calls).toHaveLength(0);
  });

  it('refuses a type outside accept', () => {
    render(<Harness accept=".pdf,image/*" />);
    pick(file('run.exe', 3, 'application/x-msdownload'));
    expect(getToasts()[0]!.message).toBe('run.exe 的类型不在允许范围内');
    expect(adapter.calls).toHaveLength(0);
  });

  it('uploads a file of exactly the size limit as multipart and records the stored attachment', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} maxSizeMB={1} />);
    pick(file('检验报告.pdf', MB));
    expect(screen.getByText('上传中')).toBeInTheDocument();
    await waitFor(() => expect(spy).toHaveBeenLastCalledWith([expect.objectContaining({ status: 'done' })]));
    const call = adapter.calls[0]!;
    expect(call.method).toBe('post');
    expect(call.url).toBe('/file/upload');
    expect((call.data as FormData).get('file')).toBeInstanceOf(File);
    expect(spy.mock.lastCall![0][0]).toMatchObject({ path: '2026/01/01/aa.pdf', url: '/u', name: '检验报告.pdf', fileType: 'Pdf' });
    expect(screen.queryByText('上传中')).not.toBeInTheDocument();
    // The limit of one is reached: no more picking.
    expect(screen.getByRole('button', { name: '选择文件' })).toBeDisabled();
  });

  it('marks a failed upload and lets it be removed', async () => {
    answer(() => ({ data: { code: -1, msg: '文件超过大小限制（最大 10M）', data: null } }));
    render(<Harness uploadUrl="/document/upSysFile" />);
    pick(file('模板.docx'));
    expect(await screen.findByText('上传失败')).toBeInTheDocument();
    expect(adapter.calls[0]!.url).toBe('/document/upSysFile');
    fireEvent.click(screen.getByRole('button', { name: '移除 模板.docx' }));
    expect(screen.queryByTestId('upload-item')).not.toBeInTheDocument();
  });
});
