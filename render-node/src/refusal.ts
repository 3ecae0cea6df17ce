import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { Reason, RenderFailureSchema } from "@ep/proto/epaper/render/v1/render_pb";

const CODE_OF: Record<Reason, Code> = {
  [Reason.UNSPECIFIED]: Code.Internal,
  [Reason.PASSWORD_PROTECTED]: Code.FailedPrecondition,
  [Reason.NOT_A_PDF]: Code.InvalidArgument,
  [Reason.DAMAGED]: Code.InvalidArgument,
  [Reason.TOO_LARGE]: Code.ResourceExhausted,
  [Reason.DOWNLOAD_FAILED]: Code.Unavailable,
  [Reason.TOO_COMPLEX]: Code.ResourceExhausted,
};

/**
 * A document the node will not render, with the reason the worker turns into the user's
 * message. Anything else that goes wrong is a plain error (Connect reports it as Internal).
 */
export function refuse(reason: Reason, detail: string): ConnectError {
  return new ConnectError(detail, CODE_OF[reason], undefined, [
    { desc: RenderFailureSchema, value: create(RenderFailureSchema, { reason, detail }) },
  ]);
}
