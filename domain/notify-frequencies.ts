/** How often an alert's matches are e-mailed. */
export const NOTIFY_FREQUENCIES = ['immediate', 'daily', 'weekly'] as const;
export type NotifyFrequency = (typeof NOTIFY_FREQUENCIES)[number];

export const DEFAULT_NOTIFY_FREQUENCY: NotifyFrequency = 'daily';
