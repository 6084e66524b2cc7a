export * from './facts';
export * from './registry';
