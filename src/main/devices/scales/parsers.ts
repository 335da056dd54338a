import type { ScaleConfig } from '../../../shared/devices';
import type { FrameParser } from './frames';
import { MtSicsParser } from './mt-sics';
import { RegexParser } from './regex-parser';
import { YaohuaA12Parser } from './yaohua-a12';
import { YaohuaA9Parser } from './yaohua-a9';

export function createParser(config: Pick<ScaleConfig, 'protocol' | 'pattern' | 'unit'>): FrameParser {
  switch (config.protocol) {
    case 'yaohua-a9':
      return new YaohuaA9Parser(config.unit ?? 'kg');
    case 'yaohua-a12':
      return new YaohuaA12Parser();
    case 'mt-sics':
      return new MtSicsParser();
    case 'regex':
      return new RegexParser(config.pattern, config.unit ?? 'kg');
  }
}
