import { defineMessages } from '@renderer/i18n/define';

/** Texts of features/productExam. */
export const productExamMessages = defineMessages({
  zh: {
    'productExam.material': '介质',
    'productExam.chooseMaterial': '请选择介质',
    'productExam.projectName': '项目名称',
    'productExam.method': '检验方法',
    'productExam.standardMin': '标准下限',
    'productExam.standardMax': '标准上限',
    'productExam.standardText': '标准描述',
    'productExam.unit': '单位',
    'productExam.required': '必检',
    'productExam.saved': '保存成功',
    'productExam.rangeOrder': '标准下限不能大于上限',
  },
  en: {
    'productExam.material': 'Gas',
    'productExam.chooseMaterial': 'Choose a gas',
    'productExam.projectName': 'Item',
    'productExam.method': 'Method',
    'productExam.standardMin': 'Standard min',
    'productExam.standardMax': 'Standard max',
    'productExam.standardText': 'Standard text',
    'productExam.unit': 'Unit',
    'productExam.required': 'Required',
    'productExam.saved': 'Saved',
    'productExam.rangeOrder': 'The minimum may not exceed the maximum',
  },
});
