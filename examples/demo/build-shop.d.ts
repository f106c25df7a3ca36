export declare const STORY: { changedPriceOrder: number; missingOrder: number; duplicatedOrder: number; caseOnlyCustomer: number };
export declare function customers(): { id: number; name: string; email: string; country: string }[];
export declare function orders(): { id: number; customer_id: number; total: string; status: string; ordered_at: string }[];
export declare function buildShop(file: string): void;
