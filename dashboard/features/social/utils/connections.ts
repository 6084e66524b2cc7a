// The channels' connection states live in core/social-connections.ts, shared with the side panel.
export * from '@core/social-connections';
