// The YouTube upload form's rules live in core/youtube-form.ts, shared with core/compose.ts.
export * from '@core/youtube-form';
