/** Syntax tree of a page expression. Every node keeps the offset where it starts, for error messages. */
export type ExprNode =
  | { type: 'literal'; value: string | number | boolean | null | undefined; pos: number }
  | { type: 'identifier'; name: string; pos: number }
  | { type: 'member'; object: ExprNode; property: ExprNode; computed: boolean; pos: number }
  | { type: 'unary'; operator: '!' | '-' | '+'; argument: ExprNode; pos: number }
  | { type: 'binary'; operator: BinaryOperator; left: ExprNode; right: ExprNode; pos: number }
  | { type: 'logical'; operator: '&&' | '||' | '??'; left: ExprNode; right: ExprNode; pos: number }
  | { type: 'conditional'; test: ExprNode; consequent: ExprNode; alternate: ExprNode; pos: number }
  | { type: 'array'; elements: ExprNode[]; pos: number }
  | { type: 'call'; callee: string; args: ExprNode[]; pos: number };

export type BinaryOperator =
  | '===' | '!==' | '==' | '!='
  | '<' | '<=' | '>' | '>='
  | '+' | '-' | '*' | '/' | '%';
