export * from './types';
export { ConfigError, loadConfig, loadConfigWith } from './load';
export { VARIABLES, type Variable, type VariableName } from './variables';
export { configTable, CONFIG_TABLE_START, CONFIG_TABLE_END, withConfigTable } from './table';
