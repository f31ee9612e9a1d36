import type { RebuildJobView, SupportOverviewView } from '@server/application/platform/support-views';

export type SupportOverview = SupportOverviewView;
export type RebuildJob = RebuildJobView;
export type ProjectionRow = SupportOverview['projections'][number];
export type ConflictRow = SupportOverview['conflicts']['items'][number];
export type ActionRow = SupportOverview['actions'][number];
