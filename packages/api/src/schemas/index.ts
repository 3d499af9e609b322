export const schemasHello = 1;
