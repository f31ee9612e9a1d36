import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGradeLabel } from '../../../../shared/format/grade';
import { useStocks } from '../../../components/warehouse-item/api/get-stocks';
import type { Replay, ReplayWording } from '../replay-data';
import { itemWarehouseOf, stockNamer } from '../stock-names';

/** The namespaces the replay's texts come from (see Translate in replay-data.ts). */
export const REPLAY_NAMESPACES = ['audit-replay', 'buybacks', 'api', 'common'] as const;

/** What the story and the facts need to put the replay into words: the texts, the language, the names of the warehouse's stocks. */
export function useReplayWording(replay: Replay): ReplayWording {
  const { t, i18n } = useTranslation([...REPLAY_NAMESPACES]);
  const gradeLabel = useGradeLabel();
  const warehouseId = itemWarehouseOf(replay);
  const stocks = useStocks(warehouseId, warehouseId !== null).data;
  return useMemo(() => {
    const translate = (key: string, options?: Record<string, unknown>) => t(key, options ?? {}) as string;
    return { t: translate, language: i18n.language, stockName: stockNamer(replay, stocks, translate), gradeLabel };
  }, [t, i18n.language, replay, stocks, gradeLabel]);
}
