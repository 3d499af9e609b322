export const hello = 'api';
