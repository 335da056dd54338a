import { FILE } from './file';

/**
 * Report template files (SPEC section 7, Files): POST /api/document/upSysFile takes a .docx (multipart, field
 * `file`; query `dataSource`) and answers the stored file with its id, after checking that every placeholder
 * names a field of the data source (refused naming the ones that do not). Declared in file.ts with the other
 * uploads; named here too for the report screens.
 */
export const DOCUMENT = {
  upSysFile: FILE.uploadReportTemplate,
};
