export const farewell = 'goodbye';
