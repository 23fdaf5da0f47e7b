// The data of the messages about returns and withdrawals (issue 26), snapshotted when queued.

/** The order a return belongs to, as its messages name it. */
export type EmailReturnOrder = {
  orderId: string;
  orderNumber: string;
  /** '' for a guest's order. */
  userName: string;
  /** A guest's order: its status page's link token (a credential; removed once sent). */
  statusToken?: string | undefined;
};

export type EmailReturnLine = {
  title: string;
  quantity: number;
  size?: string | undefined;
  color?: string | undefined;
  /** The reason's label; absent for a withdrawal, which needs none. */
  reason?: string | undefined;
  /** Set once received: whether it went back into stock. */
  restocked?: boolean | undefined;
};

export type EmailReturn = {
  order: EmailReturnOrder;
  kind: 'return' | 'withdrawal';
  lines: EmailReturnLine[];
  /** When the shop received the request (ISO). */
  receivedAt: string;
  comment: string;
  /** Whether anything of the order has left: a withdrawal before shipping returns no parcel. */
  isShipped?: boolean | undefined;
  /** The refund's last day (art. 13(1)), ISO; absent for an ordinary return. */
  refundDueAt?: string | undefined;
  /** The shop's time zone, in which dates are written. */
  timeZone?: string | undefined;
};

export type ReturnEmailTemplates = {
  returnRequested: EmailReturn & { returnDays: number };
  /** The withdrawal's acknowledgment (the durable medium): date, content and next steps. */
  withdrawalReceived: EmailReturn;
  /** A withdrawal by number and email that could not be recorded, and why. */
  withdrawalNotRecorded: { order: EmailReturnOrder; receivedAt: string; reason: string };
  returnApproved: EmailReturn & { instructions: string };
  returnRefused: EmailReturn & { reason: string };
  /** An art. 16 exception recorded for a withdrawal: which (its label) and the admin's reason. */
  withdrawalException: EmailReturn & { exception: string; reason: string };
  returnReceived: EmailReturn;
};
