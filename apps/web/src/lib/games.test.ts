import * as contract from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { GAME_LABELS, isRouteGame, ROUTE_GAMES } from './games';

describe('web game constants', () => {
  it('match the contract', () => {
    expect(ROUTE_GAMES).toEqual([...contract.ROUTE_GAMES]);
    expect(GAME_LABELS).toEqual(contract.GAME_LABELS);
  });

  it('accept only caliber and talesrunner as route games', () => {
    expect(isRouteGame('caliber')).toBe(true);
    expect(isRouteGame('talesrunner')).toBe(true);
    expect(isRouteGame('yggdra')).toBe(false);
    expect(isRouteGame('toString')).toBe(false);
    expect(isRouteGame(undefined)).toBe(false);
  });
});
