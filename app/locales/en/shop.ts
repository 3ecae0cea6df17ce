/** English: the shop page, the contingent history and the shop channels dialogs (issue 13). */
export default {
  shop: {
    metaTitle: "Shop",
    epaper: {
      title: "Book ZIP packages",
      intro: "Each ZIP package lets you download one ePaper for your own web server.",
      current: "Your ZIP contingent: {{contingent}}",
    },
    channel: {
      title: "Book channels",
      intro: "A channel hosts one ePaper permanently at its own address, with QR code and subdomain.",
      current: "Channels booked: {{contingent}}",
    },
    offers: "What would you like to book?",
    checkout: "Continue to checkout",
    checkoutHint: "You pay in our shop (credit card, PayPal, prepayment or invoice) and come back here afterwards.",
    noShop: "No shop is connected to this installation, so nothing can be booked here. Please contact the support: {{email}}.",
    noShopNoEmail: "No shop is connected to this installation, so nothing can be booked here. Please contact the support.",
    noOffers: "There is nothing to book at the moment. Please try again later or contact the support.",
    ordered:
      "Thank you for your order. As soon as the shop confirms the payment, your contingent is raised; this page shows it without reloading.",
    back: "Back to the overview",
    errors: {
      noShop: "No shop is connected to this installation.",
      unknownOffer: "Please choose one of the offers.",
      chooseOffer: "Please choose one of the offers.",
    },
  },
  contingentHistory: {
    title: "Contingent history",
    loading: "Loading …",
    showShopActions: "Show orders from the shop",
    empty: "No changes of your contingent yet.",
    columns: { action: "Action", trigger: "Trigger", moment: "Moment", quantity: "Quantity", details: "Details" },
    actions: {
      licence_increment: "Contingent raised",
      licence_decrement: "Contingent used",
      licence_order_init: "Order started",
      licence_order_start: "Order completed",
      licence_order_end: "Subscription ended",
    },
    triggers: { system: "Studio", shop: "Shop" },
    details: {
      epaper: "ePaper: {{name}}",
      user: "By: {{name}}",
      admin: "by an administrator",
      support: "by the support",
      orderCode: "Offer: {{code}}",
      subscription: "Subscription: {{id}}",
    },
    close: "Close",
  },
  shopChannels: {
    title: "Channel subscriptions",
    intro: "Each channel you booked in the shop has a subscription. Cancel or change it in the shop.",
    empty: "You have not booked any channels yet.",
    book: "Book channels",
    columns: { channel: "Channel", subscription: "Subscription", booked: "Booked", term: "Current term ends", status: "Status" },
    status: {
      active: "Active",
      cancelled: "Cancelled; the channel is removed on {{date}}",
      rejected: "Rejected: {{reason}}",
    },
    noChannel: "(channel removed)",
    close: "Close",
  },
} as const;
