import { serverModule } from '../module';
import { dictionaryRoutes } from './dictionary.routes';

/** 数据字典: types and entries. */
export const module = serverModule('dictionary', dictionaryRoutes);
