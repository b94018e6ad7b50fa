import crypto from 'node:crypto';

// Generated handles read like a rider's nickname ("gravelwolf4821"): URL-safe, lower-case,
// 3 to 30 characters, and changeable later (spec 1: "You can change this in your profile").
const ADJECTIVES = [
  'swift', 'dusty', 'gravel', 'iron', 'chrome', 'midnight', 'rolling', 'roaring', 'twisty', 'alpine',
  'coastal', 'desert', 'thunder', 'silver', 'rusty', 'steady', 'wild', 'open', 'canyon', 'highway',
];
const NOUNS = [
  'wolf', 'rider', 'nomad', 'hawk', 'falcon', 'piston', 'throttle', 'apex', 'drifter', 'ranger',
  'comet', 'cruiser', 'tracker', 'scout', 'voyager', 'bandit', 'pilot', 'rambler', 'tourer', 'racer',
];

function pick<T>(list: readonly T[]): T {
  return list[crypto.randomInt(list.length)]!;
}

export function generateHandle(): string {
  return `${pick(ADJECTIVES)}${pick(NOUNS)}${crypto.randomInt(1000, 10000)}`;
}
