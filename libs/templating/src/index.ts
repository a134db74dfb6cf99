export * from './render-template';
export type { TemplateFormat } from './template-engine';
export * from './template-variables';
export * from './template-fields';
