/**
 * The retail domain's data model: products with variants (items), users
 * with payment methods, orders with items, fulfilments and payments. Field
 * order is the reference's declaration order (its tool results list fields
 * so). Pure, no I/O.
 */
import { dict, lit, list, model, opt, S, union, withDefault, type Infer } from "../../py/model";

export const Variant = model("Variant", { item_id: S.str, options: dict(S.str), available: S.bool, price: S.float });
export type Variant = Infer<typeof Variant>;

export const Product = model("Product", { name: S.str, product_id: S.str, variants: dict(Variant) });
export type Product = Infer<typeof Product>;

export const UserName = model("UserName", { first_name: S.str, last_name: S.str });
export const UserAddress = model("UserAddress", { address1: S.str, address2: S.str, city: S.str, country: S.str, state: S.str, zip: S.str });

export const CreditCard = model("CreditCard", { source: lit("credit_card"), id: S.str, brand: S.str, last_four: S.str });
export const Paypal = model("Paypal", { source: lit("paypal"), id: S.str });
export const GiftCard = model("GiftCard", { source: lit("gift_card"), id: S.str, balance: S.float });
export const PaymentMethod = union(CreditCard, GiftCard, Paypal);

export const User = model("User", {
  user_id: S.str,
  name: UserName,
  address: UserAddress,
  email: S.str,
  payment_methods: dict(PaymentMethod),
  orders: list(S.str),
});
export type User = Infer<typeof User>;

export const OrderFullfilment = model("OrderFullfilment", { tracking_id: list(S.str), item_ids: list(S.str) });
export const OrderItem = model("OrderItem", { name: S.str, product_id: S.str, item_id: S.str, price: S.float, options: dict(S.str) });
export type OrderItem = Infer<typeof OrderItem>;
export const OrderPayment = model("OrderPayment", { transaction_type: lit("payment", "refund"), amount: S.float, payment_method_id: S.str });

export const ORDER_STATUSES = ["processed", "pending", "pending (item modified)", "delivered", "cancelled", "exchange requested", "return requested"] as const;

export const Order = model("Order", {
  order_id: S.str,
  user_id: S.str,
  address: UserAddress,
  items: list(OrderItem),
  status: lit(...ORDER_STATUSES),
  fulfillments: list(OrderFullfilment),
  payment_history: list(OrderPayment),
  cancel_reason: withDefault(opt(lit("no longer needed", "ordered by mistake")), () => null),
  exchange_items: withDefault(opt(list(S.str)), () => null),
  exchange_new_items: withDefault(opt(list(S.str)), () => null),
  exchange_payment_method_id: withDefault(opt(S.str), () => null),
  exchange_price_difference: withDefault(opt(S.float), () => null),
  return_items: withDefault(opt(list(S.str)), () => null),
  return_payment_method_id: withDefault(opt(S.str), () => null),
});
export type Order = Infer<typeof Order>;

export const RetailDB = model("RetailDB", { products: dict(Product), users: dict(User), orders: dict(Order) }, { forbidExtra: true });
export type RetailDB = Infer<typeof RetailDB>;
