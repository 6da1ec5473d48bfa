import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import {
  CHEAT_SCORE_HIGH,
  CHEAT_SCORE_MEDIUM,
  type CheatFlagItem,
  type CheatFlagState,
} from '@rx/contracts/cheat-flags';

const STATE_COLORS: Record<CheatFlagState, string> = {
  flagged: 'warning',
  under_review: 'processing',
  confirmed: 'error',
  false_positive: 'default',
};

export function StateTag({ t, state }: { t: TFunction; state: CheatFlagState }) {
  return (
    <span data-testid="cheat-state" data-state={state}>
      <Tag color={STATE_COLORS[state]}>{t(`states.${state}`)}</Tag>
    </span>
  );
}

export function scoreLevel(score: number): 'high' | 'medium' | 'low' {
  return score >= CHEAT_SCORE_HIGH ? 'high' : score >= CHEAT_SCORE_MEDIUM ? 'medium' : 'low';
}
const LEVEL_COLORS = { high: 'red', medium: 'orange', low: 'blue' } as const;

/** The score (0–100) with its level in words, not only in colour. */
export function ScoreTag({ t, score }: { t: TFunction; score: CheatFlagItem['score'] }) {
  const level = scoreLevel(score);
  return (
    <Tag color={LEVEL_COLORS[level]} data-testid="cheat-score" data-level={level}>
      <strong dir="ltr">{score}</strong> · {t(`levels.${level}`)}
    </Tag>
  );
}
