import type { ReportContent } from '@shared/api/setting';
import { downloadFile } from '@renderer/components/FileViewer/fileApi';

/** Saves a template's .docx under its file name (the download answers it as an attachment). */
export async function downloadTemplate(content: ReportContent): Promise<void> {
  const path = (content as ReportContent & { path?: string }).path;
  if (path) await downloadFile(path);
}
