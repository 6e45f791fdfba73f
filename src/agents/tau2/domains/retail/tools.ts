/**
 * The retail domain's tools, with the reference's behaviour (τ²-bench's
 * RetailTools at its release, 37199f3): same checks in the same order, same
 * error texts, same writes (gift-card balances rounded to cents, refunds
 * recorded, items swapped in place), same quirks (a pending order's item
 * change gives every changed item the price and options of the last new
 * item). Descriptions are Assay's own words. Pure, no I/O.
 */
import { construct } from "../../py/model";
import { dumpsPy } from "../../py/json";
import { abs, addN, attr, contains, count, eq, getItem, gt, iter, len, lower, lt, round, sorted, str, sub, valueError, zip } from "../../py/ops";
import { type PyValue } from "../../py/values";
import { evalArithmetic } from "../../calculate";
import { param, STRING, type ToolDef, type Toolkit, type ToolkitSpec } from "../../toolkit";
import { OrderPayment, UserAddress, type Order, type OrderItem, type Product, type RetailDB, type User, type Variant } from "./model";

export type RetailKit = Toolkit<RetailDB>;

type PaymentMethodValue = { source: string; id: string; balance: PyValue };

function getOrder(db: RetailDB, id: PyValue): Order {
  if (!contains(db.orders, id)) throw valueError("Order not found");
  return getItem(db.orders, id) as Order;
}

function getUser(db: RetailDB, id: PyValue): User {
  if (!contains(db.users, id)) throw valueError("User not found");
  return getItem(db.users, id) as User;
}

function getProduct(db: RetailDB, id: PyValue): Product {
  if (!contains(db.products, id)) throw valueError("Product not found");
  return getItem(db.products, id) as Product;
}

function getVariant(db: RetailDB, productId: PyValue, variantId: PyValue): Variant {
  const product = getProduct(db, productId);
  if (!contains(product.variants, variantId)) throw valueError("Variant not found");
  return getItem(product.variants, variantId) as Variant;
}

function getPaymentMethod(db: RetailDB, userId: PyValue, id: PyValue): PaymentMethodValue {
  const user = getUser(db, userId);
  if (!contains(user.payment_methods, id)) throw valueError("Payment method not found");
  return getItem(user.payment_methods, id) as PaymentMethodValue;
}

const isGiftCard = (pm: PaymentMethodValue) => pm.source === "gift_card";

function itemOf(order: Order, itemId: PyValue): OrderItem | null {
  return order.items.find((i) => eq(i.item_id, itemId)) ?? null;
}

/** The reference's check that every listed item is in the order (duplicates counted). */
function checkItemsExist(order: Order, itemIds: PyValue, message: (id: PyValue) => string): void {
  const all = order.items.map((i) => i.item_id);
  for (const id of iter(itemIds)) if (gt(count(itemIds, id), count(all, id))) throw valueError(message(id));
}

const ORDER_ID = param("order_id", STRING, "The order id, such as '#W0000000' (the '#' is part of it).");
const PAYMENT_METHOD_ID = (what: string) => param("payment_method_id", STRING, `${what}, such as 'gift_card_0000000' or 'credit_card_0000000' (see the user's or the order's details).`);
const ITEM_IDS = (what: string) => param("item_ids", { type: "array", items: STRING }, `${what}, each such as '1008292230'; an item may be listed more than once.`);
const ADDRESS_PARAMS = [
  param("address1", STRING, "First address line, such as '123 Main St'."),
  param("address2", STRING, "Second address line, such as 'Apt 1', or ''."),
  param("city", STRING, "City, such as 'San Francisco'."),
  param("state", STRING, "State, such as 'CA'."),
  param("country", STRING, "Country, such as 'USA'."),
  param("zip", STRING, "Zip code, such as '12345'."),
];

function address(a: Record<string, PyValue>) {
  return construct(UserAddress, { address1: a.address1!, address2: a.address2!, city: a.city!, state: a.state!, country: a.country!, zip: a.zip! });
}

const calculate: ToolDef<RetailKit> = {
  name: "calculate",
  kind: "generic",
  description: "Evaluate an arithmetic expression of numbers, + - * /, parentheses and spaces; the result is rounded to 2 decimals.",
  params: [param("expression", STRING, "The expression, such as '2 + 2'.")],
  run: (_kit, a) => evalArithmetic(a.expression!),
};

const cancelPendingOrder: ToolDef<RetailKit> = {
  name: "cancel_pending_order",
  kind: "write",
  description:
    "Cancel a pending order (not one already processed or delivered) after the user confirms it explicitly. Payments are refunded: at once to a gift card, in 5-7 business days otherwise. Returns the order afterwards.",
  params: [ORDER_ID, param("reason", STRING, "Either 'no longer needed' or 'ordered by mistake'.")],
  run: (kit, a) => {
    const db = kit.db;
    const order = getOrder(db, a.order_id!);
    if (!eq(order.status, "pending")) throw valueError("Non-pending order cannot be cancelled");
    if (!contains(new Map([["no longer needed", null], ["ordered by mistake", null]]), a.reason!)) throw valueError("Invalid reason");
    const refunds = [];
    for (const p of order.payment_history) {
      refunds.push(construct(OrderPayment, { transaction_type: "refund", amount: p.amount, payment_method_id: p.payment_method_id }));
      const user = getUser(db, order.user_id);
      const pm = getPaymentMethod(db, user.user_id, p.payment_method_id);
      if (isGiftCard(pm)) {
        pm.balance = addN(pm.balance, p.amount, "+=");
        pm.balance = round(pm.balance, 2);
      }
    }
    order.status = "cancelled";
    order.cancel_reason = a.reason as Order["cancel_reason"];
    order.payment_history.push(...refunds);
    return order;
  },
};

const exchangeDeliveredOrderItems: ToolDef<RetailKit> = {
  name: "exchange_delivered_order_items",
  kind: "write",
  description:
    "Exchange items of a delivered order for other items of the same product, after the user confirms it explicitly. A delivered order can be returned or exchanged only once. The price difference is paid with or refunded to the given payment method.",
  params: [
    ORDER_ID,
    ITEM_IDS("The item ids to exchange"),
    param("new_item_ids", { type: "array", items: STRING }, "The item ids to receive, in the same positions as item_ids and of the same products."),
    PAYMENT_METHOD_ID("The payment method that pays or receives the price difference"),
  ],
  run: (kit, a) => {
    const db = kit.db;
    const order = getOrder(db, a.order_id!);
    if (!eq(order.status, "delivered")) throw valueError("Non-delivered order cannot be exchanged");
    checkItemsExist(order, a.item_ids!, (id) => `Number of ${str(id)} not found.`);
    if (len(a.item_ids!) !== len(a.new_item_ids!)) throw valueError("The number of items to be exchanged should match.");
    let diff: PyValue = 0;
    for (const [itemId, newItemId] of zip(a.item_ids!, a.new_item_ids!)) {
      const item = itemOf(order, itemId);
      if (item === null) throw valueError(`Item ${str(itemId)} not found`);
      const variant = getVariant(db, item.product_id, newItemId);
      if (!variant.available) throw valueError(`New item ${str(newItemId)} not found or available`);
      diff = addN(diff, sub(variant.price, item.price), "+=");
    }
    diff = round(diff, 2);
    const pm = getPaymentMethod(db, order.user_id, a.payment_method_id!);
    if (isGiftCard(pm) && lt(pm.balance, diff)) throw valueError("Insufficient gift card balance to pay for the price difference");
    order.status = "exchange requested";
    order.exchange_items = sorted(iter(a.item_ids!)) as string[];
    order.exchange_new_items = sorted(iter(a.new_item_ids!)) as string[];
    order.exchange_payment_method_id = a.payment_method_id as string;
    order.exchange_price_difference = diff;
    return order;
  },
};

const findUserIdByNameZip: ToolDef<RetailKit> = {
  name: "find_user_id_by_name_zip",
  kind: "read",
  description: "Find a user's id from their first name, last name and zip code. Look users up by email first; use this when the email is unknown or not found.",
  params: [param("first_name", STRING, "First name, such as 'John'."), param("last_name", STRING, "Last name, such as 'Doe'."), param("zip", STRING, "Zip code, such as '12345'.")],
  run: (kit, a) => {
    for (const [id, u] of kit.db.users) {
      const user = u as User;
      if (eq(lower(user.name.first_name), lower(a.first_name!)) && eq(lower(user.name.last_name), lower(a.last_name!)) && eq(user.address.zip, a.zip!)) return id;
    }
    throw valueError("User not found");
  },
};

const findUserIdByEmail: ToolDef<RetailKit> = {
  name: "find_user_id_by_email",
  kind: "read",
  description: "Find a user's id from their email address.",
  params: [param("email", STRING, "The email, such as 'something@example.com'.")],
  run: (kit, a) => {
    for (const [id, u] of kit.db.users) if (eq(lower((u as User).email), lower(a.email!))) return id;
    throw valueError("User not found");
  },
};

const getOrderDetails: ToolDef<RetailKit> = {
  name: "get_order_details",
  kind: "read",
  description: "Look up an order: status, items, address, fulfilments and payments.",
  params: [ORDER_ID],
  run: (kit, a) => getOrder(kit.db, a.order_id!),
};

const getProductDetails: ToolDef<RetailKit> = {
  name: "get_product_details",
  kind: "read",
  description: "Look up a product and every one of its items (variants) with options, availability and price. A product id is not an item id.",
  params: [param("product_id", STRING, "The product id, such as '6086499569'.")],
  run: (kit, a) => getProduct(kit.db, a.product_id!),
};

const getUserDetails: ToolDef<RetailKit> = {
  name: "get_user_details",
  kind: "read",
  description: "Look up a user: name, address, email, payment methods and order ids.",
  params: [param("user_id", STRING, "The user id, such as 'sara_doe_496'.")],
  run: (kit, a) => getUser(kit.db, a.user_id!),
};

const listAllProductTypes: ToolDef<RetailKit> = {
  name: "list_all_product_types",
  kind: "read",
  description: "List the name and product id of every product type the store sells (50 in all), as JSON sorted by name.",
  params: [],
  run: (kit) => {
    const byName = new Map<string, PyValue>();
    for (const p of kit.db.products.values()) byName.set((p as Product).name, (p as Product).product_id);
    return dumpsPy(byName, { sortKeys: true });
  },
};

const modifyPendingOrderAddress: ToolDef<RetailKit> = {
  name: "modify_pending_order_address",
  kind: "write",
  description: "Change the shipping address of a pending order, after the user confirms it explicitly.",
  params: [ORDER_ID, ...ADDRESS_PARAMS],
  run: (kit, a) => {
    const order = getOrder(kit.db, a.order_id!);
    if (!order.status.includes("pending")) throw valueError("Non-pending order cannot be modified");
    order.address = address(a);
    return order;
  },
};

const modifyPendingOrderItems: ToolDef<RetailKit> = {
  name: "modify_pending_order_items",
  kind: "write",
  description:
    "Swap items of a pending order for other items of the same product, after the user confirms it explicitly. Can be done only once per order. The price difference is paid with or refunded to the given payment method.",
  params: [
    ORDER_ID,
    ITEM_IDS("The item ids to replace"),
    param("new_item_ids", { type: "array", items: STRING }, "The replacement item ids, in the same positions as item_ids and of the same products."),
    PAYMENT_METHOD_ID("The payment method that pays or receives the price difference"),
  ],
  run: (kit, a) => {
    const db = kit.db;
    const order = getOrder(db, a.order_id!);
    if (!eq(order.status, "pending")) throw valueError("Non-pending order cannot be modified");
    checkItemsExist(order, a.item_ids!, (id) => `${str(id)} not found`);
    if (len(a.item_ids!) !== len(a.new_item_ids!)) throw valueError("The number of items to be exchanged should match");
    let diff: PyValue = 0;
    let variant: Variant | null = null;
    for (const [itemId, newItemId] of zip(a.item_ids!, a.new_item_ids!)) {
      if (eq(itemId, newItemId)) throw valueError("The new item id should be different from the old item id");
      const item = itemOf(order, itemId);
      if (item === null) throw valueError(`Item ${str(itemId)} not found`);
      variant = getVariant(db, item.product_id, newItemId);
      if (!variant.available) throw valueError(`New item ${str(newItemId)} not found or available`);
      diff = addN(diff, sub(variant.price, item.price), "+=");
    }
    const pm = getPaymentMethod(db, order.user_id, a.payment_method_id!);
    if (isGiftCard(pm) && lt(pm.balance, diff)) throw valueError("Insufficient gift card balance to pay for the new item");
    order.payment_history.push(construct(OrderPayment, { transaction_type: gt(diff, 0) ? "payment" : "refund", amount: abs(diff), payment_method_id: a.payment_method_id! }));
    if (isGiftCard(pm)) {
      pm.balance = sub(pm.balance, diff, "-=");
      pm.balance = round(pm.balance, 2);
    }
    for (const [itemId, newItemId] of zip(a.item_ids!, a.new_item_ids!)) {
      const item = itemOf(order, itemId);
      if (item === null) throw valueError(`Item ${str(itemId)} not found`);
      // The reference uses the loop's last variant for every item here.
      item.item_id = newItemId as string;
      item.price = variant!.price;
      item.options = variant!.options;
    }
    order.status = "pending (item modified)";
    return order;
  },
};

const modifyPendingOrderPayment: ToolDef<RetailKit> = {
  name: "modify_pending_order_payment",
  kind: "write",
  description: "Pay a pending order with another payment method, after the user confirms it explicitly; the original payment is refunded.",
  params: [ORDER_ID, PAYMENT_METHOD_ID("The new payment method")],
  run: (kit, a) => {
    const db = kit.db;
    const order = getOrder(db, a.order_id!);
    if (!order.status.includes("pending")) throw valueError("Non-pending order cannot be modified");
    const pm = getPaymentMethod(db, order.user_id, a.payment_method_id!);
    const first = order.payment_history[0];
    if (order.payment_history.length !== 1 || first!.transaction_type !== "payment") throw valueError("There should be exactly one payment for a pending order");
    if (eq(first!.payment_method_id, a.payment_method_id!)) throw valueError("The new payment method should be different from the current one");
    const amount = first!.amount;
    if (isGiftCard(pm) && lt(pm.balance, amount)) throw valueError("Insufficient gift card balance to pay for the order");
    order.payment_history.push(
      construct(OrderPayment, { transaction_type: "payment", amount, payment_method_id: a.payment_method_id! }),
      construct(OrderPayment, { transaction_type: "refund", amount, payment_method_id: first!.payment_method_id }),
    );
    if (isGiftCard(pm)) {
      pm.balance = sub(pm.balance, amount, "-=");
      pm.balance = round(pm.balance, 2);
    }
    const old = getPaymentMethod(db, order.user_id, first!.payment_method_id);
    if (isGiftCard(old)) {
      old.balance = addN(old.balance, amount, "+=");
      old.balance = round(old.balance, 2);
    }
    return order;
  },
};

const modifyUserAddress: ToolDef<RetailKit> = {
  name: "modify_user_address",
  kind: "write",
  description: "Change a user's default address, after the user confirms it explicitly.",
  params: [param("user_id", STRING, "The user id, such as 'sara_doe_496'."), ...ADDRESS_PARAMS],
  run: (kit, a) => {
    const user = getUser(kit.db, a.user_id!);
    user.address = address(a);
    return user;
  },
};

const returnDeliveredOrderItems: ToolDef<RetailKit> = {
  name: "return_delivered_order_items",
  kind: "write",
  description:
    "Return items of a delivered order, after the user confirms it explicitly; the order becomes 'return requested' and the user gets an email on how to send the items back. The refund goes to the original payment method or a gift card.",
  params: [ORDER_ID, ITEM_IDS("The item ids to return"), PAYMENT_METHOD_ID("The payment method that receives the refund")],
  run: (kit, a) => {
    const db = kit.db;
    const order = getOrder(db, a.order_id!);
    if (!eq(order.status, "delivered")) throw valueError("Non-delivered order cannot be returned");
    const user = getUser(db, order.user_id);
    const pm = getPaymentMethod(db, user.user_id, a.payment_method_id!);
    if (!isGiftCard(pm) && !eq(a.payment_method_id!, attr(getItem(order.payment_history, 0), "payment_method_id"))) throw valueError("Payment method should be the original payment method");
    checkItemsExist(order, a.item_ids!, () => "Some item not found");
    order.status = "return requested";
    order.return_items = sorted(iter(a.item_ids!)) as string[];
    order.return_payment_method_id = a.payment_method_id as string;
    return order;
  },
};

const transferToHumanAgents: ToolDef<RetailKit> = {
  name: "transfer_to_human_agents",
  kind: "generic",
  description: "Hand the user over to a human agent with a summary of their issue. Only when the user asks for one, or when the policy and tools cannot solve the issue.",
  params: [param("summary", STRING, "What the user needs, for the human agent.")],
  run: () => "Transfer successful",
};

/** In the reference's definition order, which is the order the agent is offered them in. */
export const RETAIL_TOOLKIT: ToolkitSpec<RetailKit> = {
  className: "RetailTools",
  tools: [
    calculate,
    cancelPendingOrder,
    exchangeDeliveredOrderItems,
    findUserIdByNameZip,
    findUserIdByEmail,
    getOrderDetails,
    getProductDetails,
    getUserDetails,
    listAllProductTypes,
    modifyPendingOrderAddress,
    modifyPendingOrderItems,
    modifyPendingOrderPayment,
    modifyUserAddress,
    returnDeliveredOrderItems,
    transferToHumanAgents,
  ],
  functions: [],
};
