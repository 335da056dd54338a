import ArchitectureIcon from '@mui/icons-material/Architecture';
import ArticleIcon from '@mui/icons-material/Article';
import DescriptionIcon from '@mui/icons-material/Description';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SlideshowIcon from '@mui/icons-material/Slideshow';
import TableChartIcon from '@mui/icons-material/TableChart';
import type { SvgIconProps } from '@mui/material';
import type { FileClass } from '@renderer/utils/fileType';

const ICONS: Record<FileClass, typeof InsertDriveFileIcon> = {
  Image: ImageIcon,
  Pdf: PictureAsPdfIcon,
  Docx: DescriptionIcon,
  Excel: TableChartIcon,
  CAD: ArchitectureIcon,
  PPTX: SlideshowIcon,
  TXT: ArticleIcon,
  File: InsertDriveFileIcon,
};

/** The icon of a file class; `data-file-class` names the class. */
export function FileIcon({ cls, ...props }: { cls: FileClass } & SvgIconProps) {
  const Icon = ICONS[cls];
  return <Icon data-file-class={cls} {...props} />;
}
