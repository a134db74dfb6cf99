export * from './render-template';
export * from './template-engine';
export * from './template-syntax';
export * from './template-variables';
export * from './template-fields';
