// The one composer's model lives in core/compose.ts, shared with the side panel.
export * from '@core/compose';
