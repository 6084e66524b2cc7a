// The composers' pre-publish checks live in core/post-checks.ts, shared with the side panel.
export * from '@core/post-checks';
