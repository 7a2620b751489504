// react-signature-canvas 1.0.7 ships no types: what app/enhancers/signature.ts uses of it.
declare module "react-signature-canvas" {
  import type { CanvasHTMLAttributes, Component } from "react";

  export interface SignatureCanvasProps {
    minWidth?: number;
    maxWidth?: number;
    throttle?: number;
    minDistance?: number;
    velocityFilterWeight?: number;
    penColor?: string;
    backgroundColor?: string;
    dotSize?: number;
    clearOnResize?: boolean;
    onBegin?: (event: MouseEvent | Touch) => void;
    onEnd?: (event: MouseEvent | Touch) => void;
    canvasProps?: CanvasHTMLAttributes<HTMLCanvasElement>;
  }

  export default class SignatureCanvas extends Component<SignatureCanvasProps> {
    clear(): void;
    isEmpty(): boolean;
    toData(): unknown[];
    fromData(data: unknown[]): void;
    toDataURL(type?: string, encoderOptions?: number): string;
    on(): void;
    off(): void;
    getCanvas(): HTMLCanvasElement;
    getTrimmedCanvas(): HTMLCanvasElement;
  }
}
