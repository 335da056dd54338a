import { defineMessages } from '@renderer/i18n/define';

/** Texts of features/inspectionItem (screen /product/productExam). */
export const inspectionItemMessages = defineMessages({
  zh: {
    'inspectionItem.material': '介质',
    'inspectionItem.chooseMaterial': '请选择介质',
    'inspectionItem.projectName': '项目名称',
    'inspectionItem.method': '检验方法',
    'inspectionItem.standardMin': '标准下限',
    'inspectionItem.standardMax': '标准上限',
    'inspectionItem.standardText': '标准描述',
    'inspectionItem.unit': '单位',
    'inspectionItem.required': '必检',
    'inspectionItem.saved': '保存成功',
    'inspectionItem.rangeOrder': '标准下限不能大于上限',
  },
  en: {
    'inspectionItem.material': 'Gas',
    'inspectionItem.chooseMaterial': 'Choose a gas',
    'inspectionItem.projectName': 'Item',
    'inspectionItem.method': 'Method',
    'inspectionItem.standardMin': 'Standard min',
    'inspectionItem.standardMax': 'Standard max',
    'inspectionItem.standardText': 'Standard text',
    'inspectionItem.unit': 'Unit',
    'inspectionItem.required': 'Required',
    'inspectionItem.saved': 'Saved',
    'inspectionItem.rangeOrder': 'The minimum may not exceed the maximum',
  },
});
