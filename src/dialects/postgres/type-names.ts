/** PostgreSQL's own meanings of type names: `real` (`float4`) is a 4-byte float; `float` alone is a double. */
export const POSTGRES_SINGLE_FLOAT = /^(real|float4)$/;
