import { describe, expect, it } from 'vitest';
import { buildRide } from '../test/ride-fixture';
import { ridesToSave } from './offline-rides';

const NOW = Date.parse('2026-12-01T08:00:00.000Z');
const ride = (id: string, groupId: string | null, startDate = '2026-12-05T08:00:00.000Z') => buildRide({ id, groupId, startDate, endDate: startDate, isParticipant: true });

describe('the rides kept for offline', () => {
  it('are the joined rides of the next 14 days, soonest first', () => {
    const later = ride('later', 'g1', '2026-12-10T08:00:00.000Z');
    const soon = ride('soon', 'g1', '2026-12-02T08:00:00.000Z');
    const tooFar = ride('far', 'g1', '2026-12-20T08:00:00.000Z');
    const notJoined = { ...ride('watched', 'g1'), isParticipant: false };
    expect(ridesToSave([later, tooFar, notJoined, soon], NOW).map((r) => r.id)).toEqual(['soon', 'later']);
  });

  it("leave out the rides of a group the rider left (who keeps their seat there), once the rider's groups are known", () => {
    const rides = [ride('kept', 'g1'), ride('left', 'g2'), ride('own', null)];
    expect(ridesToSave(rides, NOW, new Set(['g1'])).map((r) => r.id)).toEqual(['kept', 'own']);
    // The groups unknown (their list could not be read): nothing is left out for it.
    expect(ridesToSave(rides, NOW, null).map((r) => r.id)).toEqual(['kept', 'left', 'own']);
  });
});
